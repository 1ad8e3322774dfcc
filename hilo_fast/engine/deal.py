"""The deal of one hand: the stacks checked (plain ints, none negative, at least
two seats with chips), and the cards: given seat by seat and checked, or
shuffled from a ``random.Random`` (in C on the native backend, the same draws)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ..cards import CardsLike, check_count, check_distinct, format_cards, parse_cards
from ..core.game import Game
from ._backend import backend

_OMAHA8 = Game()
#: Omaha Hi-Lo with 4, 5, 6 cards (a Game is frozen: one of each serves every hand)
_HILO = {hole_count: Game(hole_cards=hole_count) for hole_count in (4, 5, 6)}


def game_of(game: object, hole_count: object = None) -> Game:
    """The game dealt from the ``game=`` and ``hole_count=`` arguments: ``game``
    (a :class:`~hilo_fast.core.game.Game`, or its name) when given, else Omaha
    Hi-Lo with ``hole_count`` cards (4 by default); both must agree.

    >>> game_of(None, 5)
    Game(hole_cards=5, boards=1, split='hilo', exposed=0)
    >>> game_of("courchevel").exposed
    1
    """
    if game is None:
        if hole_count is None:
            return _OMAHA8
        if isinstance(hole_count, bool) or not isinstance(hole_count, int) or \
                hole_count not in _HILO:
            raise ValueError(f"hole_count must be 4, 5 or 6, got {hole_count!r}")
        return _HILO[hole_count]
    if isinstance(game, str):
        game = Game.named(game)
    if not isinstance(game, Game):
        raise TypeError(f"game must be a hilo_fast.Game or a game's name, got {game!r}")
    if hole_count is not None and hole_count != game.hole_cards:
        raise ValueError(f"hole_count={hole_count!r} disagrees with the game's "
                         f"hole_cards={game.hole_cards} (give one of them)")
    return game


def game_mix(game: object, hole_count: object, structure: object, seats: int,
             hands_per_game: object = None) -> tuple[list[Game], int]:
    """The games a table deals in turn and how many hands each: ``game`` one game
    (or name), or a mix of two (the PLO/PLO8 mix: ``["high", "omaha8"]``) with
    the same hole cards and boards, switching every ``hands_per_game`` hands
    (default: a mixed game's own switch, else one orbit, ``seats`` hands)."""
    if isinstance(game, (list, tuple)):
        if len(game) != 2:
            raise ValueError(f"a mix of games has 2 games, got {len(game)}")
        games = [game_of(g, hole_count) for g in game]
        if (games[0].hole_cards, games[0].boards) != (games[1].hole_cards, games[1].boards):
            raise ValueError(f"the games of a mix deal the same hole cards and boards, got "
                             f"{games[0]} and {games[1]}")
    else:
        games = [game_of(game, hole_count)]
    own = getattr(structure, "hands_per_game", None)
    if hands_per_game is None:
        hands_per_game = own if own is not None else seats
    if isinstance(hands_per_game, bool) or not isinstance(hands_per_game, int) or \
            hands_per_game < 1:
        raise ValueError(f"hands_per_game must be an int >= 1, got {hands_per_game!r}")
    if own is not None and len(games) > 1 and hands_per_game != own:
        raise ValueError(f"a mix of games switches with the mixed game ({own} hands), "
                         f"got hands_per_game={hands_per_game}")
    return games, hands_per_game


def _check_stacks(stacks: Sequence[int]) -> list[int]:
    if stacks.__class__ in (list, tuple) and 2 <= len(stacks) <= 10 \
            and set(map(type, stacks)) == {int} and min(stacks) >= 0:
        checked = list(stacks)   # plain ints (what Table passes): whole-list checks
    else:
        checked = _check_stacks_one_by_one(stacks)
    if len(checked) - checked.count(0) < 2:
        raise ValueError(f"a hand needs at least 2 seats with chips, stacks are {checked}")
    return checked


def _check_stacks_one_by_one(stacks: Sequence[int]) -> list[int]:
    if isinstance(stacks, (str, bytes)) or not isinstance(stacks, Sequence):
        raise TypeError(f"stacks must be a sequence of ints, got {stacks!r}")
    if not 2 <= len(stacks) <= 10:
        raise ValueError(f"a table has 2..10 seats, got {len(stacks)}")
    checked = []
    for seat, chips in enumerate(stacks):
        if isinstance(chips, bool) or not isinstance(chips, int):
            raise TypeError(f"stack of seat {seat} must be an int, got {chips!r}")
        if chips < 0:
            raise ValueError(f"stack of seat {seat} is negative: {chips}")
        checked.append(int(chips))
    return checked


# _deal_shuffled in C on the native backend, the same draws of a random.Random (or None).
Dealt = tuple[list[list[int] | None], list[int], list[int]]   # holes, board, cards as dealt
_c_deal_cards: Callable[[Callable[[], float], list[int], int], Dealt] | None = getattr(
    backend, "builtin_deal_cards", lambda: None)()


def _shuffled(need: int, rng: random.Random) -> list[int]:
    """The first ``need`` cards of a uniformly shuffled deck (partial Fisher-Yates)."""
    deck = list(range(52))
    rnd = rng.random
    for i in range(need):
        j = i + int(rnd() * (52 - i))
        deck[i], deck[j] = deck[j], deck[i]
    return deck[:need]


def cards_needed(hole_count: int, seats: int, boards: int = 1) -> int:
    """The cards a deal of ``seats`` hands of ``hole_count`` cards and ``boards``
    boards takes.

    Raises ValueError unless ``hole_count`` is the int 4, 5 or 6 and the deck
    holds them all.

    >>> cards_needed(5, 9)
    50
    """
    if isinstance(hole_count, bool) or not isinstance(hole_count, int) or \
            hole_count not in (4, 5, 6):
        raise ValueError(f"hole_count must be 4, 5 or 6, got {hole_count!r}")
    need = hole_count * seats + 5 * boards
    if need > 52:
        raise ValueError(f"{seats} seats x {hole_count} hole cards + {5 * boards} board cards "
                         f"need {need} cards, the deck has 52")
    return need


def _deal_shuffled(stacks: list[int], hole_count: int, rng: random.Random,
                   boards: int = 1) -> Dealt:
    """A shuffled deal: each seat dealt in its hole cards from the front of the
    deck in seat order, then the board (``boards`` of them, one after the other:
    double board, or the runs). (holes, board cards, the cards as dealt.)"""
    dealt = [seat for seat in range(len(stacks)) if stacks[seat]]
    deck = _shuffled(len(dealt) * hole_count + 5 * boards, rng)
    hands: list[list[int] | None] = [None] * len(stacks)
    for k, seat in enumerate(dealt):
        hands[seat] = deck[k * hole_count:(k + 1) * hole_count]
    return hands, deck[-5 * boards:], deck


def _deal(stacks: list[int], holes: Sequence[CardsLike | None] | None,
          board: CardsLike | None, hole_count: int, seed: int | None,
          rng: random.Random | None, boards: int = 1
          ) -> tuple[list[list[int] | None], list[int], list[int] | None]:
    """(holes, board cards, the cards in dealing order or None); seats with chips
    are dealt in. ``boards``: 5-card boards dealt one after the other (double
    board's two, or a run's each), all given in ``board`` when it is given."""
    n = len(stacks)
    cards_needed(hole_count, n - stacks.count(0), boards)   # the deck holds them
    if holes is None and board is None:
        rng = rng if rng is not None else random.Random(seed)
        if _c_deal_cards is not None and rng.__class__ is random.Random and boards == 1:
            return _c_deal_cards(rng.random, stacks, hole_count)   # the same deal, in C
        return _deal_shuffled(stacks, hole_count, rng, boards)
    if holes is None or board is None:
        raise ValueError("give both holes and board, or neither (to shuffle)")
    plain = _plain_deal(stacks, holes, board, hole_count) if boards == 1 else None
    if plain is not None:
        return plain
    if isinstance(holes, str) or len(holes) != n:
        raise ValueError(f"holes must have one entry per seat ({n}), got {holes!r}")
    board_cards = parse_cards(board)
    check_count(board_cards, (5 * boards,), "board" if boards == 1 else
                f"board ({boards} boards of 5 cards, one after the other)")
    hands: list[list[int] | None] = [None] * n
    groups = {"board": board_cards}
    for seat in (seat for seat in range(n) if stacks[seat]):
        cards = holes[seat]
        if cards is None:
            raise ValueError(f"seat {seat} has chips but no hole cards")
        hands[seat] = parsed = parse_cards(cards)
        check_count(parsed, (hole_count,), f"hole cards of seat {seat}")
        groups[f"seat_{seat}"] = parsed
    for seat in range(n):
        given = holes[seat]
        if not stacks[seat] and given is not None:
            raise ValueError(f"seat {seat} sits out (no chips) but was given hole cards "
                             f"{format_cards(parse_cards(given), ' ')}")
    check_distinct(**groups)
    return hands, board_cards, None


def _plain_deal(stacks: list[int], holes: Sequence[CardsLike | None], board: CardsLike,
                hole_count: int) -> Dealt | None:
    """_deal's given cards when they are already a valid deal of plain ids
    (lists or tuples of ints 0..51, the right counts, a hole for exactly the
    seats with chips, all distinct), as (holes, board, the cards in dealing
    order); else None: anything else takes the checks that explain it."""
    if holes.__class__ not in _SEQUENCES or len(holes) != len(stacks) or \
            board.__class__ not in _SEQUENCES or len(board) != 5:
        return None
    hands: list[list[int] | None] = [
        None if hole is None else list(hole) if hole.__class__ in _SEQUENCES else hole
        for hole in holes]   # (copies: the caller's lists stay theirs)
    cards: list[Any] = []   # ints once checked below
    for chips, hand in zip(stacks, hands, strict=True):
        if hand is None:
            if chips:
                return None
        elif not chips or hand.__class__ is not list or len(hand) != hole_count:
            return None
        else:
            cards += hand
    cards += board
    # Whole-list checks in CPython builtins: only ints (so no bool or float is
    # taken for an id), each one of the 52, no repeats.
    if set(map(type, cards)) != {int}:
        return None
    distinct = set(cards)
    if len(distinct) != len(cards) or not distinct <= _DECK:
        return None
    return hands, list(board), cards


_SEQUENCES = (list, tuple)
_DECK = frozenset(range(52))
