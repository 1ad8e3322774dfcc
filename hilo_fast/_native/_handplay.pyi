# The CPython builtin hilo_fast._handplay (csrc/py/handplay.c), typed for mypy.
from collections.abc import Callable
from typing import Any

def bind(act: int, deal: int, streets: tuple[Any, ...], actions: tuple[Any, ...],
         act_on: Callable[[Any, Any], None], /) -> None: ...
def deal(game: int, structure: int, stacks: list[int], button: int, hole_count: int,
         cards: list[int], /) -> int | None: ...
def deal_hand(game: int, structure: int, random: Callable[[], float], stacks: list[int],
              button: int, hole_count: int, /
              ) -> tuple[list[list[int] | None], list[int], int] | None: ...
def play(address: int, keep: Any, hand: Any, bots: tuple[Any, ...], rng: Any,
         log: list[Any], /) -> None: ...
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
