# The CPython builtin hilo_fast._handplay (csrc/py/handplay.c), typed for mypy.
from collections.abc import Callable
from typing import Any

def bind(act: int, deal: int, omaha: int, streets: tuple[Any, ...], actions: tuple[Any, ...],
         act_on: Callable[[Any, Any], None], /) -> None: ...
def deal(game: int, structure: int, stacks: list[int], button: int, hole_count: int,
         cards: list[int], /) -> int | None: ...
def deal_hand(game: int, structure: int, random: Callable[[], float], stacks: list[int],
              button: int, hole_count: int, /
              ) -> tuple[list[list[int] | None], list[int], int] | None: ...
def play(address: int, keep: Any, hand: Any, bots: tuple[Any, ...], rng: Any,
         log: list[Any], /) -> None: ...
def replay(address: int, keep: Any, actions: tuple[Any, ...], seat_of: dict[str, int],
           log: list[Any], start: int, kinds: tuple[str, ...], returned: dict[int, int], /
           ) -> int: ...
def pots(address: int, keep: Any, chips: list[int], showing: list[int], button: int, /
         ) -> list[tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]]: ...
def deal_history(board: tuple[str, ...], hole_cards: dict[str, tuple[str, ...]],
                 seat_of: dict[str, int], dealt: list[int], n_seats: int, hole_count: int,
                 card_ids: dict[str, int], deck: list[int], /
                 ) -> tuple[list[list[int] | None], list[int]] | None: ...
def deal_given(game: int, structure: int, stacks: list[int], button: int, hole_count: int,
               holes: list[Any], board: list[int], /) -> int | None: ...
def deal_cards(random: Callable[[], float], dealt_in: list[Any], hole_count: int, /
               ) -> tuple[list[list[int] | None], list[int], list[int]]: ...

class HandCore:
    """The native base of hilo_fast.engine.Hand: its hot reads in C."""
    actor: int
    current_bet: int
    call_amount: int
    min_to: int
    max_to: int
    pot: int
    bets: list[int]
    stacks: list[int]
    contributions: list[int]
    folded: list[bool]
    is_over: bool
    def _bind_core(self, address: int, keep: Any, /) -> None: ...
