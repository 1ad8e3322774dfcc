"""Self-play: simple built-in bots and a driver that plays many hands at one table.

A bot (the :class:`Bot` protocol) is a callable ``bot(hand, rng) -> (action,
amount)`` deciding for ``hand.actor``; ``amount`` is the "to" total of a bet or
raise, else None. It should read only what ``hand.view(hand.actor)`` shows
(a :class:`~hilo_fast.engine.HandView` has the same names), and may be given
either. The built-in bots, by the names :func:`simulate` and the CLI take:

- ``"random"``, :func:`random_legal`: a uniformly random legal kind of action
  (it never folds when it could check), with a uniformly random legal amount;
- ``"call"``, :func:`always_call`: checks or calls, never folds or raises;
- ``"pot"``, :func:`pot_every_time`: bets or raises the most the structure
  allows (the pot in pot limit, all in in no limit, the fixed bet in fixed
  limit), else calls.

:func:`simulate` plays ``hands`` hands at one table (button moving, seats that
go broke buying back in), checks after every hand that no chip was created or
lost, and returns a :class:`SimulationSummary`.

With the native backend and only built-in bots (and no ``on_hand``), the
hands are played in C by a bot loop (``csrc/engine/selfplay.c``) over the C hand
that also plays every :class:`~hilo_fast.engine.Hand` of the native backend
(``csrc/engine/hand.c``), stepping the same random generator: the same seed gives
the same hands, chips and summary either way, only faster. Custom bots,
``on_hand`` and the pure backend play through :class:`~hilo_fast.engine.Hand`.

>>> from hilo_fast.engine.structures import Structure
>>> summary = simulate(200, Structure.pot_limit(1, 2), players=6, seed=1)
>>> summary.hands, sum(summary.net)
(200, 0)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, as_completed
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..core.game import NAMED, Game
from ._backend import backend
from .actions import Action
from .deal import cards_needed, game_mix, game_of
from .hand import Hand, HandView
from .structures import MixedGame, Structure
from .table import Table

Decision = tuple[Action, "int | None"]


class Bot(Protocol):
    """Decides for ``hand.actor``: ``(action, amount)``, the amount being the "to"
    total of a bet or raise, else None. ``hand`` is the :class:`Hand` or its
    :meth:`Hand.view` for the actor; ``rng`` is the session's random stream
    (draw from it, not from a global one, so a seed repeats the session)."""

    def __call__(self, hand: Hand | HandView, rng: random.Random, /) -> Decision: ...

_FOLD, _CHECK, _CALL, _BET, _RAISE = Action


def random_legal(hand: Hand | HandView, rng: random.Random) -> Decision:
    """A uniformly random legal kind of action with a uniformly random legal amount.

    >>> from hilo_fast.engine.structures import Structure
    >>> hand = Hand(Structure.no_limit(1, 2), [100, 100], 0, seed=2)
    >>> random_legal(hand, random.Random(5))
    (<Action.CALL: 2>, None)
    """
    facing = hand.current_bet - hand.bets[hand.actor]
    lo, hi = hand.min_to, hand.max_to
    kinds = 3 if hi else 2       # fold/call/raise or check/bet, else fold/call or check
    pick = int(rng.random() * kinds)
    if facing:
        if pick == 0:
            return _FOLD, None
        if pick == 1:
            return _CALL, None
    elif pick == 0:
        return _CHECK, None
    if not hi:                   # check when only checking is possible (pick == 1 of 2)
        return _CHECK, None
    return (_RAISE if hand.current_bet else _BET), lo + int(rng.random() * (hi - lo + 1))


def always_call(hand: Hand | HandView, rng: random.Random) -> Decision:
    """Check when possible, else call."""
    return (_CALL if hand.call_amount else _CHECK), None


def pot_every_time(hand: Hand | HandView, rng: random.Random) -> Decision:
    """Bet or raise the maximum the structure allows, else check or call."""
    if hand.max_to:
        return (_RAISE if hand.current_bet else _BET), hand.max_to
    return always_call(hand, rng)


#: The built-in bots by their CLI name.
BOTS: dict[str, Bot] = {"random": random_legal, "call": always_call, "pot": pot_every_time}

# Their codes in csrc/engine/selfplay.c (HF_BOT_*), which plays them in C.
_NATIVE_BOTS: dict[Bot, int] = {random_legal: backend.BOT_RANDOM, always_call: backend.BOT_CALL,
                                pot_every_time: backend.BOT_POT}
_PROGRESS_EVERY = 256   # hands between two progress() calls
#: The most hands one :func:`simulate` call (and ``hilo-fast simulate --hands``)
#: plays: the bound ``equity.MAX_SAMPLES`` puts on samples (about two weeks at
#: a million hands a second), so a typo like ``10**23`` is refused, not run forever.
MAX_HANDS = 10**12
_MASK64 = (1 << 64) - 1
#: Hands per chunk when an executor plays them: fixed, so the chunks (their
#: seeds, and so the summary) do not depend on the executor or its workers.
CHUNK_HANDS = 10_000


@dataclass
class SimulationSummary:
    """What a self-play session did. ``net``: chips won (+) or lost (-) per seat,
    counting rebuys; it sums to 0 because chips are conserved. ``engine``:
    ``"C"`` when the hands were played by csrc/engine/selfplay.c, else ``"Python"``."""

    hands: int
    players: int
    structure: str
    bots: list[str]
    seconds: float
    showdowns: int = 0
    actions: int = 0
    net: list[int] = field(default_factory=list)
    rebuys: list[int] = field(default_factory=list)
    engine: str = "Python"

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else float("inf")

    def format(self) -> str:
        """A short table for people."""
        lines = [
            f"structure   {self.structure}",
            f"hands       {self.hands} ({self.showdowns} to showdown, "
            f"{self.hands - self.showdowns} won uncontested)",
            f"actions     {self.actions} ({self.actions / max(self.hands, 1):.1f} per hand)",
            f"speed       {self.hands_per_second:,.0f} hands/s ({self.seconds:.2f} s, "
            f"{self.engine} engine)",
            "chips       conserved in every hand",
            "seat  bot     net chips  rebuys",
        ]
        rows = zip(self.bots, self.net, self.rebuys, strict=True)
        for seat, (bot, net, rebuys) in enumerate(rows):
            lines.append(f"{seat:>4}  {bot:<6} {net:>+10}  {rebuys:>6}")
        return "\n".join(lines)


def _choose_bots(bots: Sequence[Bot | str] | None) -> list[Bot]:
    """Every bot checked before the first hand: a built-in bot's name or a callable."""
    if bots is None:
        return [random_legal]
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise TypeError(f"bots must be a list of bots or built-in bot names, got {bots!r}")
    chosen: list[Bot] = []
    for k, bot in enumerate(bots):
        if isinstance(bot, str):
            if bot not in BOTS:
                raise ValueError(f"unknown bot {bot!r} (bots[{k}]): choose from "
                                 f"{', '.join(BOTS)}, or pass a callable")
            chosen.append(BOTS[bot])
        elif callable(bot):
            chosen.append(bot)
        else:
            raise TypeError(f"bots[{k}] must be a callable bot(hand, rng) or one of "
                            f"{', '.join(BOTS)}, got {bot!r}")
    return chosen or [random_legal]


def _bot_names(bots: Sequence[Bot]) -> list[str]:
    names = {b: name for name, b in BOTS.items()}
    return [names.get(b, getattr(b, "__name__", "bot")) for b in bots]


def simulate(hands: int, structure: Structure | MixedGame, players: int = 6, *,
             seed: int | None = 0, bots: Sequence[Bot | str] | None = None,
             stack: int | None = None,
             progress: Callable[[int], None] | None = None,
             on_hand: Callable[[Hand], None] | None = None,
             hole_count: int | None = None, executor: Executor | None = None,
             game: Game | str | Sequence[Game | str] | None = None,
             hands_per_game: int | None = None) -> SimulationSummary:
    """Play ``hands`` hands with ``players`` seats of ``stack`` chips (default 100 big
    blinds of the first hand's structure), one bot per seat (default all
    :func:`random_legal`; a shorter list is repeated; a bot is a :class:`Bot`
    or a built-in bot's name, ``"random"``, ``"call"`` or ``"pot"``, all
    checked before the first hand). ``hands``: 0..:data:`MAX_HANDS`; ``seed``:
    0..2**64-1, or None for a random session. A seat that goes broke
    buys back in to ``stack``. ``progress(done)`` is called every 256 hands and
    at the end; ``on_hand(hand)`` after each hand (to log or export it).
    ``hole_count`` 5 or 6 deals Big O / 6-card Omaha Hi-Lo (the deck must hold
    every seat's cards and the board); ``game`` (a :class:`~hilo_fast.core.game.Game`
    or its name, e.g. ``"courchevel"``, ``"high"``) is the general form; two
    games (``["high", "omaha8"]``: the PLO/PLO8 mix) alternate every
    ``hands_per_game`` hands (a mixed game's own switch, else one orbit).
    Raises RuntimeError if a hand ever
    created or lost a chip, and a bot's bad answer as :meth:`Hand.play` does
    (TypeError or ValueError naming the seat, the bot and the answer).

    ``executor`` (any :class:`concurrent.futures.Executor`: a thread pool, a
    process pool, a Dask ``Client.get_executor()``) plays the hands as
    chunks of :data:`CHUNK_HANDS`, each a table of its own (fresh stacks,
    button 0) seeded by output ``k`` of the splitmix64 stream of ``seed``,
    and adds their summaries up: the same summary for any executor and any
    number of workers (a one-thread pool gives it too), though not the one
    of a single unchunked session. ``progress`` then counts finished chunks'
    hands; ``on_hand`` needs the hands here, so it cannot go with it.
    """
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 0:
        raise ValueError(f"hands must be an int >= 0, got {hands!r}")
    if hands > MAX_HANDS:
        raise ValueError(f"hands must be at most {MAX_HANDS:,} (selfplay.MAX_HANDS), "
                         f"got {hands:,}")
    if seed is not None:   # the rule of --seed and of equity(seed=): a 64-bit seed
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an int or None, not {type(seed).__name__}")
        if not 0 <= seed <= _MASK64:
            raise ValueError(f"seed must be 0..{_MASK64}, got {seed}")
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 10:
        raise ValueError(f"players must be 2..10, got {players!r}")
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 10:
        raise ValueError(f"players must be 2..10, got {players!r}")
    games, per_game = game_mix(game, hole_count, structure, players, hands_per_game)
    the_game = games[0] if len(games) == 1 else tuple(games)
    hole_count = games[0].hole_cards
    cards_needed(hole_count, players, games[0].boards)   # every seat dealt in (broke ones rebuy)
    first = structure.structure_for(0) if isinstance(structure, MixedGame) else structure
    if stack is None:
        stack = 100 * first.big_blind
    chosen = _choose_bots(bots)
    seat_bots = [chosen[seat % len(chosen)] for seat in range(players)]
    if executor is not None:
        return _simulate_chunks(hands, structure, players, seed, seat_bots, stack, progress,
                                on_hand, the_game, per_game, executor)
    rng = random.Random(seed)
    table_seed = rng.getrandbits(64)
    described = _describe(structure) + _describe_games(games, per_game)
    summary = SimulationSummary(hands, players, described, _bot_names(seat_bots), 0.0)
    table = Table([stack] * players, structure, seed=table_seed,   # checks stack, structure
                  game=the_game, hands_per_game=per_game)
    start = time.perf_counter()
    session = None if on_hand is not None else _native_session(
        structure, players, stack, seat_bots, table_seed, rng, hands, games, per_game)
    if session is not None:
        final, summary.rebuys = _play_in_c(session, hands, progress, summary)
        summary.engine = "C"
    else:
        final, summary.rebuys = _play_in_python(table, seat_bots, rng, stack, hands, progress,
                                                on_hand, summary)
    summary.seconds = time.perf_counter() - start
    summary.net = [chips - stack * (1 + rebuys)
                   for chips, rebuys in zip(final, summary.rebuys, strict=True)]
    return summary


Job = tuple[int, "Structure | MixedGame", int, int, list[Bot], int, Any, int]


def _play_chunk(job: Job) -> SimulationSummary:
    """One chunk of an executor's session (module level: executors pickle it)."""
    hands, structure, players, seed, bots, stack, game, per_game = job
    return simulate(hands, structure, players, seed=seed, bots=bots, stack=stack, game=game,
                    hands_per_game=per_game)


def _simulate_chunks(hands: int, structure: Structure | MixedGame, players: int,
                     seed: int | None, bots: list[Bot], stack: int,
                     progress: Callable[[int], None] | None,
                     on_hand: Callable[[Hand], None] | None, game: Any, per_game: int,
                     executor: Executor) -> SimulationSummary:
    """simulate() over ``executor``: seeded chunks, summaries added up in chunk order."""
    if not isinstance(executor, Executor):
        raise TypeError(f"executor must be a concurrent.futures.Executor, not "
                        f"{type(executor).__name__}")
    if on_hand is not None:
        raise ValueError("on_hand needs every hand in this process: not with an executor")
    Table([stack] * players, structure, game=game,
          hands_per_game=per_game)   # checks stack, structure
    base = random.Random(seed).getrandbits(64)
    jobs: list[Job] = [(min(CHUNK_HANDS, hands - start), structure, players,
                        int(backend.splitmix64(base, k)), bots, stack, game, per_game)
                       for k, start in enumerate(range(0, hands, CHUNK_HANDS))]
    start = time.perf_counter()
    futures: dict[Future[SimulationSummary], int] = {
        executor.submit(_play_chunk, job): k for k, job in enumerate(jobs)}
    parts: list[SimulationSummary | None] = [None] * len(jobs)
    done = 0
    for future in as_completed(futures):
        part = future.result()
        parts[futures[future]] = part
        done += part.hands
        if progress is not None:
            progress(done)
    described = _describe(structure) + _describe_games(
        [game] if isinstance(game, Game) else list(game), per_game)
    summary = SimulationSummary(hands, players, described, _bot_names(bots), 0.0,
                                net=[0] * players, rebuys=[0] * players)
    engines = set()
    for finished in parts:
        assert finished is not None
        part = finished
        summary.showdowns += part.showdowns
        summary.actions += part.actions
        summary.net = [a + b for a, b in zip(summary.net, part.net, strict=True)]
        summary.rebuys = [a + b for a, b in zip(summary.rebuys, part.rebuys, strict=True)]
        engines.add(part.engine)
    summary.engine = "C" if engines == {"C"} else "Python"
    summary.seconds = time.perf_counter() - start
    return summary


def _play_in_c(session: Any, hands: int, progress: Callable[[int], None] | None,
               summary: SimulationSummary) -> tuple[list[int], list[int]]:
    """Play the hands in C; count actions and showdowns. (Final stacks, rebuys.)"""
    for done in range(0, hands, _PROGRESS_EVERY):
        chunk = min(_PROGRESS_EVERY, hands - done)
        session.run(chunk)
        if progress is not None:
            progress(done + chunk)
    summary.actions, summary.showdowns = session.actions, session.showdowns
    return session.stacks, session.rebuys


def _play_in_python(table: Table, seat_bots: Sequence[Bot], rng: random.Random, stack: int,
                    hands: int, progress: Callable[[int], None] | None,
                    on_hand: Callable[[Hand], None] | None,
                    summary: SimulationSummary) -> tuple[list[int], list[int]]:
    """Play the hands through :class:`Hand`, checking each conserves chips; count
    actions and showdowns. (Final stacks, rebuys.)"""
    bots = tuple(seat_bots)
    for done in range(1, hands + 1):
        hand = table.next_hand(rebuy_to=stack)
        hand.play(bots, rng)
        if sum(hand.stacks) != sum(hand.starting_stacks):
            raise RuntimeError(f"hand {table.hand_number} did not conserve chips: "
                               f"{hand.starting_stacks} -> {hand.stacks}")
        summary.actions += len(hand.actions)
        summary.showdowns += bool(hand.showdown_order)
        if on_hand is not None:
            on_hand(hand)
        if progress is not None and (done % _PROGRESS_EVERY == 0 or done == hands):
            progress(done)
    final = table.hand.stacks if table.hand is not None else table.stacks
    return list(final), list(table.rebuys)


def _native_session(structure: Structure | MixedGame, players: int, stack: int,
                    seat_bots: Sequence[Bot], table_seed: int, bot_rng: random.Random,
                    hands: int, game: Game | int | Sequence[Game],
                    per_game: int | None = None) -> Any:
    """A C self-play session (``_cbackend.SelfPlay``) set up exactly as
    :class:`Table` would start, or None
    when the hands cannot be played in C (pure backend, a custom bot, or
    amounts so large that blinds or rebuys could pass the C's bound).
    ``game``: the game, or the two of a mix (``per_game`` hands each); an int
    is a hole count."""
    dealt = [game_of(None, game)] if isinstance(game, int) else [game] \
        if isinstance(game, Game) else list(game)
    native = getattr(backend, "SelfPlay", None)
    codes = [_NATIVE_BOTS.get(bot) for bot in seat_bots]
    if native is None or None in codes:
        return None
    if stack * players * (hands + 1) >= backend.MAX_CHIPS:  # at most a rebuy a seat a hand
        return None
    if isinstance(structure, MixedGame):
        structures, per_game = [structure.pot, structure.fixed], structure.hands_per_game
    else:
        structures = [structure]
        per_game = (per_game or players) if len(dealt) > 1 else 1
    amounts = [(g.max_bets, g.small_blind, g.big_blind, g.ante, g.small_bet, g.big_bet,
                g.straddle, g.bomb_pot) for g in structures]
    if max(map(max, amounts)) >= backend.MAX_CHIPS:
        return None
    # games[(hand / per_game) % n]: each hand's structure and game, as Table's
    count = max(len(structures), len(dealt))
    settings = [backend.settings_fields(structures[k % len(structures)], dealt[k % len(dealt)])
                for k in range(count)]
    return native(settings, per_game, [stack] * players, dealt[0].hole_cards, codes, stack,
                  random.Random(table_seed).getstate(), bot_rng.getstate())


def _describe_games(games: list[Game], per_game: int) -> str:
    """The games dealt, for the summary ("" for Omaha Hi-Lo)."""
    if len(games) == 1:
        return _describe_game(games[0])
    names = [_describe_game(g)[2:] or "omaha8" for g in games]
    return f", {' / '.join(names)} every {per_game} hands"


def _describe_game(game: Game) -> str:
    """The game dealt, for the summary ("" for Omaha Hi-Lo)."""
    if game == Game():
        return ""
    if game == Game(hole_cards=game.hole_cards):   # today's wording
        return f", {game.hole_cards} hole cards"
    named = next((name for name, known in NAMED.items() if known == game), None)
    return f", {named or game}"


def _describe(structure: Structure | MixedGame) -> str:
    if isinstance(structure, MixedGame):
        return (f"mixed: {structure.pot.describe()} / {structure.fixed.describe()}, "
                f"switching every {structure.hands_per_game} hands")
    return structure.describe()
